/**
 * A task's start and finish: both go through the outbox like check-ins, so they work offline and are sent in order,
 * once; one waiting in the outbox already counts (the person goes on working offline). The message shown belongs
 * to the task it was about.
 */
import { useState } from 'react';
import { newClientId } from './api';
import { t } from './i18n';
import { enqueue, type OutboxItem } from './outbox';
import type { TaskDetail } from './types';

export function useTaskCommands(detail: TaskDetail, items: OutboxItem[], onChanged: () => void) {
  const [busy, setBusy] = useState(false);
  const [msg, setMsg] = useState('');
  const pending = (kind: 'start' | 'finish') =>
    items.some((i) => i.kind === kind && i.taskId === detail.id && i.state !== 'conflict');
  const started = !!detail.startTime || pending('start');
  const done = detail.taskStatus === 2 || pending('finish');

  // a message belongs to the task it was about
  const [msgTask, setMsgTask] = useState(detail.id);
  if (msgTask !== detail.id) {
    setMsgTask(detail.id);
    setMsg('');
  }

  async function command(kind: 'start' | 'finish') {
    setBusy(true);
    setMsg('');
    try {
      const clientId = newClientId(kind === 'start' ? 'st' : 'fin');
      await enqueue({
        kind,
        clientId,
        taskId: detail.id,
        objectName: detail.planName,
        body: { id: detail.id, clientId },
        photos: [],
      });
      if (kind === 'finish') setMsg(t('finished'));
      onChanged();
    } finally {
      setBusy(false);
    }
  }

  return { busy, msg, started, done, command };
}
