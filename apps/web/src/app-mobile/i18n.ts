/** The field app's strings, zh (default) and en; a small dictionary instead of i18next keeps the app light. */
import { useSyncExternalStore } from 'react';

const zh = {
  appName: '巡检助手',
  tenant: '租户编号',
  account: '账号',
  password: '密码',
  code: '验证码',
  signIn: '登录',
  signingIn: '登录中…',
  signOut: '退出',
  today: '今日任务',
  queue: '待发送',
  refresh: '刷新',
  pullToRefresh: '下拉刷新',
  noTasks: '今天没有分派给你的任务',
  due: '截止',
  progress: '进度',
  status0: '待执行',
  status1: '执行中',
  status2: '已完成',
  status3: '已超期',
  back: '返回',
  start: '开始任务',
  finish: '完成任务',
  checkIn: '签到',
  hazard: '上报隐患',
  checked: '已签到',
  queued: '待发送',
  sending: '发送中',
  sent: '已发送',
  conflict: '被拒绝',
  far: '距离过远',
  distance: '距离',
  metres: '米',
  noPosition: '未取得定位',
  locating: '定位中…',
  myPosition: '我的位置',
  eventType: '事件类型',
  level: '隐患等级',
  level1: '一般',
  level2: '较大',
  level3: '紧急',
  note: '隐患描述',
  photo: '拍照',
  submit: '提交',
  cancel: '取消',
  offline: '离线',
  online: '在线',
  queueEmpty: '没有待发送的记录',
  clearSent: '清除已发送',
  dismiss: '知道了',
  farConfirm: '你距离该对象 {d} 米，超过签到半径 {r} 米。仍要签到吗？将标记为距离过远。',
  whatsNew: '新版本说明',
  ok: '知道了',
  onDuty: '执行中，正在上报位置',
  finished: '任务已完成',
  failed: '操作失败',
  notesRequired: '请选择事件类型并填写隐患描述',
  photoTooBig: '照片不能超过 {kb} KB',
  lang: 'EN',
};
type Key = keyof typeof zh;
const en: Record<Key, string> = {
  appName: 'Patrol',
  tenant: 'Tenant ID',
  account: 'Account',
  password: 'Password',
  code: 'Code',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  signOut: 'Sign out',
  today: 'Today',
  queue: 'Outbox',
  refresh: 'Refresh',
  pullToRefresh: 'Pull to refresh',
  noTasks: 'No tasks assigned to you today',
  due: 'Due',
  progress: 'Progress',
  status0: 'To do',
  status1: 'In progress',
  status2: 'Done',
  status3: 'Overdue',
  back: 'Back',
  start: 'Start task',
  finish: 'Finish task',
  checkIn: 'Check in',
  hazard: 'Report hazard',
  checked: 'Checked in',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  conflict: 'Refused',
  far: 'Too far',
  distance: 'Distance',
  metres: 'm',
  noPosition: 'No position yet',
  locating: 'Locating…',
  myPosition: 'My position',
  eventType: 'Event type',
  level: 'Level',
  level1: 'Minor',
  level2: 'Major',
  level3: 'Urgent',
  note: 'Description',
  photo: 'Take photo',
  submit: 'Submit',
  cancel: 'Cancel',
  offline: 'Offline',
  online: 'Online',
  queueEmpty: 'Nothing waiting to be sent',
  clearSent: 'Clear sent',
  dismiss: 'Dismiss',
  farConfirm:
    'You are {d} m from this object, beyond the check-in radius of {r} m. Check in anyway? It will be flagged as too far.',
  whatsNew: "What's new",
  ok: 'OK',
  onDuty: 'On duty: reporting position',
  finished: 'Task finished',
  failed: 'Failed',
  notesRequired: 'Choose an event type and describe the hazard',
  photoTooBig: 'Photos may not exceed {kb} KB',
  lang: '中文',
};

const EVENT = {
  zh: {
    leak: '管道漏水',
    valve_damage: '阀门损坏',
    cover_missing: '井盖缺失',
    illegal_work: '违章施工',
    hydrant_damage: '消火栓损坏',
    occupation: '管线占压',
  },
  en: {
    leak: 'Pipe leak',
    valve_damage: 'Valve damaged',
    cover_missing: 'Manhole cover missing',
    illegal_work: 'Illegal works',
    hydrant_damage: 'Hydrant damaged',
    occupation: 'Building over the main',
  },
};
export const EVENT_TYPES = Object.keys(EVENT.zh) as (keyof typeof EVENT.zh)[];

type Lang = 'zh' | 'en';
let lang: Lang = (localStorage.getItem('swp-app-lang') as Lang) || 'zh';
const subs = new Set<() => void>();
export function setLang(l: Lang) {
  lang = l;
  localStorage.setItem('swp-app-lang', l);
  document.documentElement.lang = l === 'zh' ? 'zh-CN' : 'en';
  for (const s of subs) s();
}
export const getLang = () => lang;

export function t(key: Key, vars?: Record<string, string | number>): string {
  let s = (lang === 'zh' ? zh : en)[key];
  for (const [k, v] of Object.entries(vars ?? {})) s = s.replace(`{${k}}`, String(v));
  return s;
}
export const eventName = (code: string) => (EVENT[lang] as Record<string, string>)[code] ?? code;

/** Re-renders the caller when the language changes. */
export function useLang(): Lang {
  return useSyncExternalStore(
    (cb) => {
      subs.add(cb);
      return () => subs.delete(cb);
    },
    () => lang,
  );
}
