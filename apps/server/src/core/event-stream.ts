/**
 * A reply taken over as a server-sent event stream, the same way wherever the console streams (positions, the
 * public screens): the event-stream headers with no caching and no proxy buffering, then a first comment so the
 * client knows it is connected. Returns the raw response to write events to.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

export function openEventStream(reply: FastifyReply, headers: Record<string, string> = {}): ServerResponse {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    ...headers,
  });
  res.write(': connected\n\n');
  return res;
}
