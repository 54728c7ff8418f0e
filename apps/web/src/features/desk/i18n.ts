/** Strings of the notices screen. */
export const zh = {
  notice: {
    titleNoun: '通知公告',
    title: '通知标题',
    category: '通知类型',
    releaseTime: '发布时间',
    content: '通知内容',
    titleRequired: '请输入通知标题',
    categoryRequired: '请选择通知类型',
    releaseRequired: '请选择发布时间',
  },
};

export const en = {
  notice: {
    titleNoun: 'notice',
    title: 'Title',
    category: 'Type',
    releaseTime: 'Release time',
    content: 'Content',
    titleRequired: 'Please enter the title',
    categoryRequired: 'Please choose the type',
    releaseRequired: 'Please choose the release time',
  },
};
