export const CHANNELS = [
  { label: 'msgAdmin.site', value: 'site' },
  { label: 'msgAdmin.sms', value: 'sms' },
  { label: 'msgAdmin.email', value: 'email' },
];
