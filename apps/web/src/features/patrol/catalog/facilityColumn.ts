/** The facility-type column the job objects and a type's objects share: a searchable, required choice of facility. */
import type { Row } from '../../../api/crud';
import type { CrudColumn } from '../../../components/crud';
import { FACILITY_CODES, nameOf, vocab } from '../common';

export function facilityColumn<T extends Row>(t: (k: string, o?: any) => string, width: number): CrudColumn<T> {
  return {
    prop: 'facilityType',
    label: 'patrol.jobObject.facilityType',
    type: 'select',
    search: true,
    required: 'patrol.jobObject.facilityRequired',
    options: vocab(t, 'facility', FACILITY_CODES),
    render: (v) => nameOf(t, 'facility', v),
    width,
  };
}
