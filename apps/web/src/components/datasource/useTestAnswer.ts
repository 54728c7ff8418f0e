/**
 * A connection test's outcome as one line: the server's message with the version and time it answers
 * (`连接成功: PostgreSQL 16.4 (耗时 8 ms)`), or the server's refusal word for word. Both data-source screens test
 * the same way, only against their own endpoint.
 */
import type { Envelope } from '@swp/contract';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../api/http';
import { testAnswerOf } from '../../lib/dataSources';

export type TestOutcome = { ok: boolean; text: string };

export function useTestAnswer() {
  const { t } = useTranslation();
  return async (run: () => Promise<Envelope<unknown>>): Promise<TestOutcome> => {
    try {
      const env = await run();
      return { ok: true, text: t('connection.testAnswer', testAnswerOf(env, t('connection.testOk'))) };
    } catch (e) {
      return { ok: false, text: e instanceof HttpError ? e.message : t('connection.testFailed') };
    }
  };
}
