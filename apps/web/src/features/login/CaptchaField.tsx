/** The captcha code input and its image; clicking the image fetches a new one (or says the fetch failed). */
import { SafetyOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Captcha } from '../../api/auth';

interface Props {
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  status?: 'error';
  captcha: Captcha | null;
  captchaFailed: boolean;
  refresh: () => void;
}

export function CaptchaField({ value, onChange, status, captcha, captchaFailed, refresh }: Props) {
  const { t } = useTranslation();
  return (
    <div className="swp-login-captcha">
      <Input
        size="large"
        prefix={<SafetyOutlined />}
        placeholder={t('login.code')}
        aria-label={t('login.code')}
        value={value}
        onChange={onChange}
        status={status}
        maxLength={8}
      />
      <button
        type="button"
        className="swp-login-captcha-img"
        onClick={refresh}
        title={t('login.refreshCaptcha')}
        data-testid="captcha-image"
      >
        {captcha ? (
          <img src={captcha.image} alt={t('login.refreshCaptcha')} />
        ) : captchaFailed ? (
          t('login.captchaFailed')
        ) : (
          ''
        )}
      </button>
    </div>
  );
}
