/**
 * A sampling task done in the street: the sample code (the label on the bottle), and either the values measured on
 * site for the task's indicators or just "sampled" (the laboratory enters the results). It goes through the
 * outbox, so it works offline and is sent once.
 */
import { useState } from 'react';
import { BackBar } from './AppChrome';
import { newClientId } from './api';
import { t } from './i18n';
import { enqueue } from './outbox';
import type { SamplingRow } from './types';

export function Sampling({ task, onBack }: { task: SamplingRow; onBack: () => void }) {
  const [code, setCode] = useState(() => `${task.pointCode}-${task.dueDate.replaceAll('-', '')}`);
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState('');

  async function submit(withResults: boolean) {
    setError('');
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(code.trim())) {
      setError(t('sampleCodeBad'));
      return;
    }
    const results = withResults
      ? task.indicatorCodes
          .filter((c) => (values[c] ?? '').trim() !== '')
          .map((c) => ({ indicatorCode: c, value: Number(values[c]) }))
      : [];
    if (withResults && (!results.length || results.some((r) => !Number.isFinite(r.value) || r.value < 0))) {
      setError(t('valuesBad'));
      return;
    }
    const clientId = newClientId('smp');
    await enqueue({
      kind: 'sample',
      clientId,
      taskId: task.id,
      objectName: task.pointName ?? task.pointCode,
      body: { id: task.id, clientId, sampleCode: code.trim(), sampledAt: new Date().toISOString(), results },
      photos: [],
    });
    onBack();
  }

  return (
    <div className="page" data-testid="app-sampling-view">
      <BackBar onBack={onBack} />
      <h2>{task.pointName ?? task.pointCode}</h2>
      <p className="meta">
        {task.planName} · {t('due')} {task.dueDate}
      </p>
      <label className="field">
        {t('sampleCode')}
        <input value={code} onChange={(e) => setCode(e.target.value)} data-testid="app-sample-code" />
      </label>
      <h3>{t('results')}</h3>
      {task.indicatorCodes.map((c) => (
        <label className="field" key={c}>
          {c}
          <input
            inputMode="decimal"
            value={values[c] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [c]: e.target.value }))}
            data-testid={`app-result-${c}`}
          />
        </label>
      ))}
      {error && <p className="error">{error}</p>}
      <div className="actions">
        <button type="button" className="primary" onClick={() => void submit(true)} data-testid="app-sample-results">
          {t('submitResults')}
        </button>
        <button type="button" onClick={() => void submit(false)} data-testid="app-sample-mark">
          {t('markSampled')}
        </button>
      </div>
    </div>
  );
}
