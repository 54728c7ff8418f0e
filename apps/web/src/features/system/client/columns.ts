/** The columns of 客户端管理 (ClientPage): the list, the search bar and the dialog's fields in one schema. */
import type { CrudColumn } from '../../../components/crud';

const GRANTS = ['password', 'captcha', 'refresh_token', 'social', 'authorization_code', 'client_credentials'];

export const clientColumns: CrudColumn[] = [
  { prop: 'clientId', label: 'client.clientId', search: true, required: 'client.clientIdRequired' },
  {
    prop: 'clientSecret',
    label: 'client.clientSecret',
    type: 'password',
    hide: true,
    viewDisplay: false,
    tip: 'client.secretTip',
  },
  { prop: 'scope', label: 'client.scope', required: 'client.scopeRequired', defaultValue: 'all' },
  {
    prop: 'authorizedGrantTypes',
    label: 'client.grantTypes',
    type: 'checkbox',
    joined: true,
    multiple: true,
    span: 24,
    required: 'client.grantRequired',
    options: GRANTS.map((g) => ({ label: g, value: g })),
    defaultValue: 'refresh_token,password,captcha',
  },
  {
    prop: 'accessTokenValidity',
    label: 'client.accessTokenValidity',
    type: 'number',
    min: 60,
    required: 'client.accessRequired',
    defaultValue: 3600,
  },
  {
    prop: 'refreshTokenValidity',
    label: 'client.refreshTokenValidity',
    type: 'number',
    min: 60,
    required: 'client.refreshRequired',
    defaultValue: 604800,
  },
  { prop: 'webServerRedirectUri', label: 'client.redirectUri', hide: true, span: 24 },
  { prop: 'resourceIds', label: 'client.resourceIds', hide: true },
  { prop: 'authorities', label: 'client.authorities', hide: true },
  { prop: 'autoapprove', label: 'client.autoapprove', hide: true },
  { prop: 'additionalInformation', label: 'client.additionalInformation', type: 'textarea', hide: true },
];
