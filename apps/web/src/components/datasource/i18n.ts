/**
 * Strings of the connection test and the 数据表 button, shared by the two data-source screens (在线开发's 数据源管理
 * and 数据服务's 数据连接), which word them the same.
 */
export const zh = {
  connection: {
    test: '测试连接',
    testOk: '连接成功',
    testFailed: '连接失败',
    testAnswer: '{{msg}}: {{version}} (耗时 {{ms}} ms)',
    tables: '数据表',
  },
};

export const en: typeof zh = {
  connection: {
    test: 'Test connection',
    testOk: 'Connected',
    testFailed: 'Connection failed',
    testAnswer: '{{msg}}: {{version}} ({{ms}} ms)',
    tables: 'Tables',
  },
};
