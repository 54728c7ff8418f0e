/**
 * A connection test's outcome as one line: the server's message with the version and time it answers
 * (`连接成功: PostgreSQL 16.4 (耗时 8 ms)`), or the server's refusal word for word.
 */
import type { Envelope } from '@swp/contract';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../api/http';
import { testAnswerOf } from '../../lib/dataSources';

export function useTestAnswer() {
  const { t } = useTranslation();
  return async (run: () => Promise<Envelope<unknown>>): Promise<{ ok: boolean; text: string }> => {
    try {
      const env = await run();
      return { ok: true, text: t('develop.ds.testAnswer', testAnswerOf(env, t('develop.ds.testOk'))) };
    } catch (e) {
      return { ok: false, text: e instanceof HttpError ? e.message : t('develop.ds.testFailed') };
    }
  };
}
