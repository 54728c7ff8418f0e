/** What the low-code suites (lowcode.api, and business.api whose forms are low-code forms) build their forms from. */

/** A form field as the JNPF designer saves it: its component (`jnpfKey`) and label, the value it binds, extras. */
export const field = (
  jnpfKey: string,
  vModel: string,
  label: string,
  cfg: Record<string, unknown> = {},
  extra = {},
) => ({
  __config__: { jnpfKey, label, ...cfg },
  __vModel__: vModel,
  ...extra,
});
