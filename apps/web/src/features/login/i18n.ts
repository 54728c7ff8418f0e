/** Sign-in page strings. */
export const zh = {
  login: {
    pageTitle: '登录',
    title: '账号登录',
    subtitle: '供水管网运营管理控制台',
    tenantId: '请输入租户ID',
    username: '请输入账号',
    password: '请输入密码',
    code: '请输入验证码',
    submit: '登录',
    signingIn: '登录中,请耐心等待',
    refreshCaptcha: '看不清? 点击刷新',
    captchaFailed: '验证码获取失败,点击重试',
  },
};

export const en = {
  login: {
    pageTitle: 'Sign in',
    title: 'Account sign-in',
    subtitle: 'Water-supply and pipe-network operations console',
    tenantId: 'Please enter the tenant ID',
    username: 'Please enter the account',
    password: 'Please enter the password',
    code: 'Please enter the captcha',
    submit: 'Sign in',
    signingIn: 'Signing in, please wait',
    refreshCaptcha: 'Click for a new image',
    captchaFailed: 'Captcha unavailable, click to retry',
  },
};
