/**
 * Parameters (spec 1 §2.7): columns paramName, paramKey, paramValue (textarea, 6 rows); search by name and key;
 * index column, selection, view button; the dialog does not close on an outside click; validation on blur
 * 请输入参数名称, 请输入参数键名, 请输入参数键值.
 */
import { paramApi } from '../../../api/system';
import { type CrudColumn, CrudPage } from '../../../components/crud';

const columns: CrudColumn[] = [
  { prop: 'paramName', label: 'param.paramName', search: true, required: 'param.nameRequired', trigger: 'onBlur' },
  { prop: 'paramKey', label: 'param.paramKey', search: true, required: 'param.keyRequired', trigger: 'onBlur' },
  {
    prop: 'paramValue',
    label: 'param.paramValue',
    type: 'textarea',
    rows: 6,
    required: 'param.valueRequired',
    trigger: 'onBlur',
    ellipsis: true,
  },
  { prop: 'remark', label: 'crud.remark', type: 'textarea', hide: true },
];

export default function ParamPage() {
  return <CrudPage api={paramApi} columns={columns} title="param.title" permission="param" maskClosable={false} />;
}
