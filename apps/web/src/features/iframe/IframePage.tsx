/**
 * /myiframe/{routerPath} (spec 1 §2.1): embeds the external page given by the `src` query (a menu entry whose
 * path is a web address opens here). Only http and https addresses are embedded.
 */
import { ExportOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isURL } from '../../lib/validators';

export default function IframePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const src = params.get('src') ?? '';
  if (!isURL(src)) return <Result status="warning" title={t('iframe.invalid')} subTitle={t('iframe.hint')} />;
  return (
    <div className="swp-iframe">
      <Button
        className="swp-iframe-open"
        size="small"
        icon={<ExportOutlined />}
        href={src}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t('iframe.openNew')}
      </Button>
      <iframe
        title={params.get('name') ?? src}
        src={src}
        className="swp-iframe-frame"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
        referrerPolicy="no-referrer"
      />
    </div>
  );
}
