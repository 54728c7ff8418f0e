/** Small helpers of the field app's routes. */
import type { FastifyRequest } from 'fastify';
import { userOf } from '../../core/gate.ts';

export const B = '/swp-app';

export const tenantOf = (req: FastifyRequest) => userOf(req).tenantId;

export const CLIENT_ID_RE = /^[A-Za-z0-9_-]{8,64}$/;
