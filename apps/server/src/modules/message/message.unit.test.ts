import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { AuthUser } from '../../core/gate.ts';
import { LiveBus } from '../../core/live.ts';
import type { AppContext } from '../../core/module.ts';
import { LiveChannel } from './channel.ts';
import { chunk, LIVE_CHUNK, renderTemplate } from './service.ts';

describe('renderTemplate', () => {
  it('fills ${name} placeholders and renders missing ones empty', () => {
    expect(renderTemplate('${station} 浊度 ${ value } NTU，限值 ${limit}', { station: '城东水厂', value: 1.32 })).toBe(
      '城东水厂 浊度 1.32 NTU，限值 ',
    );
    expect(renderTemplate('no placeholders')).toBe('no placeholders');
  });
});

describe('live event size', () => {
  it('keeps a chunk of recipients with a maximal title under the NOTIFY cap of 8000 bytes', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => String(9_000_000_000_000_000_000n + BigInt(i)));
    const parts = chunk(ids, LIVE_CHUNK);
    expect(parts).toHaveLength(1000 / LIVE_CHUNK);
    const payload = JSON.stringify({
      topic: 'message',
      tenantId: '000000',
      userIds: parts[0],
      data: {
        action: 'new',
        logId: ids[0],
        messageType: 3,
        title: '管'.repeat(255),
        sendTime: '2026-01-01 00:00:00',
        sender: '告警中心'.repeat(16),
        bizType: 'x'.repeat(64),
        bizId: 'y'.repeat(64),
      },
    });
    expect(Buffer.byteLength(payload)).toBeLessThan(8000);
  });
});

function fakeSocket() {
  const sent: string[] = [];
  const handlers = new Map<string, ((...a: any[]) => void)[]>();
  const socket = {
    OPEN: 1,
    readyState: 1,
    send: (s: string) => sent.push(s),
    on: (ev: string, fn: (...a: any[]) => void) => handlers.set(ev, [...(handlers.get(ev) ?? []), fn]),
    close: () => emit('close'),
    terminate: () => emit('close'),
  };
  const emit = (ev: string, ...a: any[]) => {
    for (const f of handlers.get(ev) ?? []) f(...a);
  };
  return { socket: socket as unknown as WebSocket, sent, emit };
}

const userOf = (userId: string, tenantId = '000000') => ({ userId, tenantId }) as AuthUser;

describe('LiveChannel', () => {
  const live = new LiveBus({} as any, false);
  const ctx = { live } as unknown as AppContext;

  it('delivers an event to every socket of each recipient in the tenant, and to no one else', async () => {
    const ch = new LiveChannel(ctx);
    const a1 = fakeSocket();
    const a2 = fakeSocket();
    const b = fakeSocket();
    const other = fakeSocket();
    ch.attach(a1.socket, userOf('1'), 't', {} as any);
    ch.attach(a2.socket, userOf('1'), 't', {} as any);
    ch.attach(b.socket, userOf('2'), 't', {} as any);
    ch.attach(other.socket, userOf('1', '000001'), 't', {} as any);
    await live.publish({ topic: 'message', tenantId: '000000', userIds: ['1'], data: { action: 'new', title: 'x' } });
    await new Promise((r) => setTimeout(r, 0));
    expect(a1.sent).toEqual([JSON.stringify({ type: 'message', data: { action: 'new', title: 'x' } })]);
    expect(a2.sent).toHaveLength(1);
    expect(b.sent).toHaveLength(0);
    expect(other.sent).toHaveLength(0);
    ch.close();
  });

  it('answers ping with pong and forgets a closed socket', () => {
    const ch = new LiveChannel(ctx);
    const s = fakeSocket();
    ch.attach(s.socket, userOf('7'), 't', {} as any);
    s.emit('message', Buffer.from('ping'), false);
    expect(s.sent).toEqual(['pong']);
    expect(ch.size('7')).toBe(1);
    s.emit('close');
    expect(ch.size('7')).toBe(0);
    ch.close();
  });

  it('closes a socket that stays silent longer than idleMs, and keeps one that pings', async () => {
    const ch = new LiveChannel(ctx);
    ch.idleMs = 80;
    const silent = fakeSocket();
    const chatty = fakeSocket();
    ch.attach(silent.socket, userOf('8'), 't', {} as any);
    ch.attach(chatty.socket, userOf('9'), 't', {} as any);
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setTimeout(r, 30));
      chatty.emit('message', Buffer.from('ping'), false);
    }
    expect(ch.size('8')).toBe(0);
    expect(ch.size('9')).toBe(1);
    ch.close();
  });
});
