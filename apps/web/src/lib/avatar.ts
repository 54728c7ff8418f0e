/** Avatar upload rule (spec 1 §5): only jpg or png, at most 500 kb. Returns an i18n key of the refusal, or undefined. */
export const AVATAR_MAX_BYTES = 500 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png'];

export function avatarRefusal(file: { type: string; size: number }): 'info.avatarType' | 'info.avatarSize' | undefined {
  if (!AVATAR_TYPES.includes(file.type)) return 'info.avatarType';
  if (file.size > AVATAR_MAX_BYTES) return 'info.avatarSize';
  return undefined;
}
