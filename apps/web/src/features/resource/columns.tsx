/** The columns of the resource screens (attachments, OSS, SMS): list, search bar and dialog fields, one schema each. */
import { Tag } from 'antd';
import i18next from 'i18next';
import type { Attach } from '../../api/resource';
import { type CrudColumn, remarkColumn } from '../../components/crud';
import { formatBytes } from '../../lib/upload';

/** status 2 is the one enabled configuration, 1 the others */
export const enabledTag = (v: number) =>
  v === 2 ? <Tag color="green">{i18next.t('sms.on')}</Tag> : <Tag>{i18next.t('sms.off')}</Tag>;

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

export const smsColumns: CrudColumn[] = [
  {
    prop: 'category',
    label: 'sms.category',
    type: 'select',
    dict: 'sms',
    numeric: true,
    search: true,
    required: 'sms.categoryRequired',
  },
  { prop: 'smsCode', label: 'sms.smsCode', search: true, required: 'sms.codeRequired' },
  { prop: 'templateId', label: 'sms.templateId', required: 'sms.templateRequired' },
  { prop: 'accessKey', label: 'sms.accessKey', hide: true },
  { prop: 'secretKey', label: 'sms.secretKey', hide: true, type: 'password' },
  { prop: 'regionId', label: 'sms.regionId', hide: true },
  { prop: 'signName', label: 'sms.signName' },
  { prop: 'status', label: 'sms.status', display: false, render: (v) => enabledTag(Number(v)) },
  remarkColumn('crud.remark', { hide: true }),
];
