/** The error pages /403, /404 and /500 (spec 1 §2.1, §8): public, with a way back home. */
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import './errors.css';

export type ErrorStatus = '403' | '404' | '500';

export default function ErrorPage({ status }: { status: ErrorStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = status;
  }, [status]);
  return (
    <div className="swp-error-page">
      <Result
        status={status}
        title={status}
        subTitle={t(`errors.${status}`)}
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('errors.back')}
          </Button>
        }
      />
    </div>
  );
}
