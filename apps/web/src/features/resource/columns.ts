/** The columns of the resource screens (attachments, OSS): list, search bar and dialog fields in one schema each. */
import type { Attach } from '../../api/resource';
import { type CrudColumn, remarkColumn } from '../../components/crud';
import { formatBytes } from '../../lib/upload';
import { enabledTag } from './SmsPage';

export const attachColumns: CrudColumn<Attach>[] = [
  { prop: 'originalName', label: 'attach.originalName', search: true, required: 'attach.nameRequired', span: 24 },
  { prop: 'name', label: 'attach.name', editDisabled: true, addDisplay: false, search: true },
  { prop: 'extension', label: 'attach.extension', editDisabled: true, addDisplay: false, search: true, width: 90 },
  { prop: 'attachSize', label: 'attach.attachSize', display: false, render: (v) => formatBytes(Number(v)) },
  { prop: 'link', label: 'attach.link', editDisabled: true, addDisplay: false, ellipsis: true, span: 24 },
  { prop: 'createTime', label: 'crud.createTime', display: false, search: true, searchType: 'daterange' },
];

export const ossColumns: CrudColumn[] = [
  {
    prop: 'category',
    label: 'oss.category',
    type: 'select',
    dict: 'oss',
    numeric: true,
    search: true,
    required: 'oss.categoryRequired',
  },
  { prop: 'ossCode', label: 'oss.ossCode', search: true, required: 'oss.codeRequired' },
  { prop: 'endpoint', label: 'oss.endpoint', tip: 'oss.endpointTip' },
  { prop: 'bucketName', label: 'oss.bucketName' },
  { prop: 'accessKey', label: 'oss.accessKey', hide: true },
  { prop: 'secretKey', label: 'oss.secretKey', hide: true, type: 'password' },
  { prop: 'appId', label: 'oss.appId', hide: true },
  { prop: 'region', label: 'oss.region', hide: true },
  {
    prop: 'status',
    label: 'oss.status',
    display: false,
    render: (v) => enabledTag(Number(v)),
  },
  remarkColumn('crud.remark', { hide: true }),
];
