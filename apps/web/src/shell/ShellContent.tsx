/** The shell's content area: the session load error with a retry, a spinner until the menu loads, then the panes. */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageSpin } from '../components/PageSpin';
import { useSession } from '../stores/session';
import { useTabs } from '../stores/tabs';
import { Pane } from './KeepAlive';
import type { ShellPane } from './useShellRoute';

interface Props {
  loadError: string;
  retry: () => void;
  panes: ShellPane[];
  fullPath: string;
}

export function ShellContent({ loadError, retry, panes, fullPath }: Props) {
  const { t } = useTranslation();
  const menuLoaded = useSession((s) => s.menuLoaded);
  const versions = useTabs((s) => s.versions);
  if (loadError) {
    return (
      <Result
        status="error"
        title={loadError}
        extra={
          <Button type="primary" onClick={retry}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (!menuLoaded) return <PageSpin />;
  return panes.map((p) => (
    <Pane
      key={`${p.value}#${versions[p.value] ?? 0}`}
      value={p.value}
      pathname={p.pathname}
      search={p.search}
      active={p.value === fullPath}
      screen={p.screen}
      label={p.label}
    />
  ));
}
