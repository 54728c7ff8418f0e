/** The columns of 用户管理 (UserPage): the list, the search bar and the dialog's fields in one schema. */
import i18next from 'i18next';
import { roleApi } from '../../api/system';
import type { User } from '../../api/user';
import type { CrudColumn } from '../../components/crud';
import {
  CompanyTreeSelect,
  DeptTreeSelect,
  type FileValue,
  ImageUpload,
  PostTreeSelect,
  TreeSelectField,
} from '../../components/widgets';
import { toTreeOptions } from '../../components/widgets/treeUtils';
import { phoneRule } from '../../lib/validators';

/** The avatar as one picture (the record keeps its URL). */
function AvatarField(p: { value?: string; onChange?: (v: string) => void; disabled?: boolean }) {
  const list: FileValue[] = p.value ? [{ name: 'avatar', url: p.value, fileId: 'avatar' }] : [];
  return (
    <ImageUpload
      limit={1}
      fileSize={500}
      sizeUnit="KB"
      accept="image/png,image/jpeg"
      disabled={p.disabled}
      value={list}
      onChange={(files) => p.onChange?.(files[0]?.url ?? '')}
    />
  );
}

/** The role tree, for the role field and the grant dialog. */
export const roleTree = async () => toTreeOptions(await roleApi.tree());

export const userColumns: CrudColumn<User>[] = [
  { prop: 'account', label: 'user.account', search: true, required: 'user.accountRequired' },
  { prop: 'tenantName', label: 'user.tenantName', display: false },
  {
    prop: 'company',
    label: 'user.company',
    hide: true,
    display: false,
    search: true,
    searchProp: 'deptId',
    searchComponent: () => <CompanyTreeSelect />,
  },
  { prop: 'realName', label: 'user.realName', search: true, required: 'user.realNameRequired' },
  { prop: 'name', label: 'user.name', hide: true },
  { prop: 'roleName', label: 'user.roleName', display: false },
  { prop: 'deptName', label: 'user.deptName', display: false },
  { prop: 'postName', label: 'user.postName', display: false, hide: true },
  { prop: 'userTypeName', label: 'user.userTypeName', display: false },
  {
    prop: 'userType',
    label: 'user.userType',
    type: 'select',
    dict: 'user_type',
    numeric: true,
    search: true,
    hide: true,
    required: 'user.userTypeRequired',
    defaultValue: 1,
  },
  {
    prop: 'status',
    label: 'user.status',
    type: 'select',
    dict: 'user_status',
    numeric: true,
    defaultValue: 1,
    editDisplay: false,
    addDisplay: false,
  },
  {
    prop: 'password',
    label: 'user.password',
    type: 'password',
    hide: true,
    editDisplay: false,
    viewDisplay: false,
    required: 'user.passwordRequired',
  },
  {
    prop: 'password2',
    label: 'user.password2',
    type: 'password',
    hide: true,
    editDisplay: false,
    viewDisplay: false,
    required: 'user.password2Required',
    rules: [
      ({ getFieldValue }) => ({
        validator: (_r, v) =>
          !v || v === getFieldValue('password')
            ? Promise.resolve()
            : Promise.reject(new Error(i18next.t('user.passwordMismatch'))),
      }),
    ],
  },
  { prop: 'code', label: 'user.code', hide: true },
  {
    prop: 'phone',
    label: 'user.phone',
    hide: true,
    rules: [{ validator: (r, v) => (v ? phoneRule.validator(r, v) : Promise.resolve()) }],
  },
  { prop: 'email', label: 'user.email', hide: true, rules: [{ type: 'email', message: 'user.emailInvalid' }] },
  { prop: 'sex', label: 'user.sex', type: 'select', dict: 'sex', numeric: true, hide: true },
  { prop: 'birthday', label: 'user.birthday', type: 'date', hide: true },
  {
    prop: 'roleId',
    label: 'user.roleId',
    hide: true,
    required: 'user.roleRequired',
    component: () => <TreeSelectField multiple joined load={roleTree} />,
  },
  {
    prop: 'deptId',
    label: 'user.deptId',
    hide: true,
    required: 'user.deptRequired',
    component: () => <DeptTreeSelect multiple joined />,
  },
  { prop: 'postId', label: 'user.postId', hide: true, component: () => <PostTreeSelect multiple joined /> },
  { prop: 'avatar', label: 'user.avatar', hide: true, span: 24, component: () => <AvatarField /> },
];
