/** Embedded page strings. */
export const zh = {
  iframe: {
    invalid: '不是有效的网页地址',
    hint: '只能嵌入以 http:// 或 https:// 开头的地址',
    openNew: '在新窗口打开',
  },
};

export const en = {
  iframe: {
    invalid: 'Not a valid web address',
    hint: 'Only addresses starting with http:// or https:// can be embedded',
    openNew: 'Open in a new window',
  },
};
