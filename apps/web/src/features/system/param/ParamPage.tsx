/**
 * Parameters (spec 1 §2.7): columns paramName, paramKey, paramValue (textarea, 6 rows); search by name and key;
 * index column, selection, view button; the dialog does not close on an outside click; validation on blur
 * 请输入参数名称, 请输入参数键名, 请输入参数键值.
 */
import { paramApi } from '../../../api/system';
import { CrudPage } from '../../../components/crud';
import { paramColumns } from './columns';

export default function ParamPage() {
  return <CrudPage api={paramApi} columns={paramColumns} title="param.title" permission="param" />;
}
