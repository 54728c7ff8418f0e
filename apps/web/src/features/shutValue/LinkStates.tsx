/** What the crew page shows before it has an event: the link refused (or missing), or the event still loading. */
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_STYLE } from './pageStyle';

/** The link was refused or has no token; a retry is offered only when there is a token to try again. */
export function InvalidLink({ error, canRetry, onRetry }: { error: string; canRetry: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="swp-shut-value" style={PAGE_STYLE}>
      <Result
        status="warning"
        title={t('shutValue.invalid')}
        subTitle={
          <>
            <div data-testid="shut-value-error">{error}</div>
            <div>{t('shutValue.invalidHint')}</div>
          </>
        }
        extra={canRetry ? <Button onClick={onRetry}>{t('shutValue.retry')}</Button> : undefined}
      />
    </div>
  );
}

export function LoadingEvent() {
  const { t } = useTranslation();
  return (
    <div style={{ maxWidth: 760, margin: '96px auto 0', textAlign: 'center' }}>
      <Spin />
      <div style={{ marginTop: 12 }}>{t('shutValue.loading')}</div>
    </div>
  );
}
