/** Error page strings. */
export const zh = {
  errors: {
    '403': '抱歉，你无权访问该页面',
    '404': '抱歉，你访问的页面不存在',
    '500': '抱歉，服务器出错了',
    back: '返回首页',
  },
};

export const en = {
  errors: {
    '403': 'Sorry, you are not allowed to open this page',
    '404': 'Sorry, the page you opened does not exist',
    '500': 'Sorry, the server went wrong',
    back: 'Back home',
  },
};
