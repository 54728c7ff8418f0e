/**
 * The JNPF dictionaries (`/api/system/DictionaryType`, `/api/system/DictionaryData`): the types as a tree on the
 * left (add, edit, delete), the chosen type's data on the right (a tree when the type is a tree): add, edit, view,
 * delete, enable/disable, export.
 */
import { Col, Row } from 'antd';
import { DictionaryDataCard } from './DictionaryDataCard';
import { DictionaryTypeDialog } from './DictionaryTypeDialog';
import { DictionaryTypesCard } from './DictionaryTypesCard';
import { useDictionaryTypes } from './useDictionaryTypes';

export default function DictionaryPage() {
  const dt = useDictionaryTypes();
  return (
    <Row gutter={12}>
      <Col xs={24} md={7} xl={6}>
        <DictionaryTypesCard dt={dt} />
      </Col>
      <Col xs={24} md={17} xl={18}>
        <DictionaryDataCard current={dt.current} />
      </Col>
      <DictionaryTypeDialog value={dt.editing} onClose={dt.closeEditing} />
    </Row>
  );
}
