/**
 * The profile's avatar upload: a refused file (type or size) is reported and ignored; an accepted one is sent at
 * once and its link written into the form's avatar field (antd's own upload list is not used).
 */
import { App, type FormInstance, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileApi, type UserInfo } from '../../api/profile';
import { avatarRefusal } from '../../lib/avatar';

export function useAvatarUpload(form: FormInstance<UserInfo>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);

  const beforeUpload = (file: File) => {
    const refusal = avatarRefusal(file);
    if (refusal) {
      message.error(t(refusal));
      return Upload.LIST_IGNORE;
    }
    setUploading(true);
    profileApi
      .upload(file)
      .then((f) => form.setFieldValue('avatar', f.link))
      .catch(() => {})
      .finally(() => setUploading(false));
    return false;
  };

  return { uploading, beforeUpload };
}
