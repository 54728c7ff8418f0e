/** People chosen by id, shown by name: tags plus the shared user picker (人员选择), single or multiple. */
import { UserOutlined } from '@ant-design/icons';
import { Button, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../../api/user';
import { UserPicker } from '../../../components/widgets';

const names = new Map<string, string>();

/** Names of user ids (cached; an unknown id shows as itself). */
export function useUserNames(ids: string[]): Record<string, string> {
  const [, bump] = useState(0);
  const key = ids.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: ids are keyed by their joined string
  useEffect(() => {
    const missing = ids.filter((id) => id && !names.has(id));
    if (!missing.length) return;
    let live = true;
    Promise.all(
      missing.map((id) =>
        userApi
          .detail(id)
          .then((u) => names.set(id, (u?.realName as string) || (u?.account as string) || id))
          .catch(() => names.set(id, id)),
      ),
    ).then(() => live && bump((n) => n + 1));
    return () => {
      live = false;
    };
  }, [key]);
  return Object.fromEntries(ids.map((id) => [id, names.get(id) ?? id]));
}

export function rememberUserName(id: string, name: string) {
  names.set(id, name);
}

export function UserField(p: {
  value: string[];
  onChange(ids: string[]): void;
  multiple?: boolean;
  testId?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const shown = useUserNames(p.value);
  return (
    <div data-testid={p.testId}>
      <Space size={[4, 4]} wrap>
        {p.value.map((id) => (
          <Tag
            key={id}
            closable={!p.disabled}
            onClose={(e) => {
              e.preventDefault();
              p.onChange(p.value.filter((x) => x !== id));
            }}
          >
            {shown[id]}
          </Tag>
        ))}
        <Button size="small" icon={<UserOutlined />} onClick={() => setOpen(true)} disabled={p.disabled}>
          {t('workflow.panel.chooseUser')}
        </Button>
      </Space>
      <UserPicker
        open={open}
        multiple={p.multiple}
        withTree
        value={p.value}
        onCancel={() => setOpen(false)}
        onOk={(users) => {
          for (const u of users) rememberUserName(String(u.id), u.realName);
          p.onChange(users.map((u) => String(u.id)));
          setOpen(false);
        }}
      />
    </div>
  );
}
