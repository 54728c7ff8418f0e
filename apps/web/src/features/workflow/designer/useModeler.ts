/**
 * The designer's bpmn-js Modeler (loaded on demand) for the model with that id: the model row, the modeler with
 * its XML (or a new diagram named after the model), the selected element and a tick that bumps on every change.
 */
import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { designApi, type WfModel } from '../../../api/workflow';
import { newDiagramXml } from './modules';

export function useModeler(id: string) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const host = useRef<HTMLDivElement>(null);
  const [modeler, setModeler] = useState<any>(null);
  const [model, setModel] = useState<WfModel | null>(null);
  const [loadError, setLoadError] = useState('');
  const [selected, setSelected] = useState<any>(null);
  const [tick, setTick] = useState(0);

  // the model, then the modeler with its XML (or a new diagram named after the model)
  // biome-ignore lint/correctness/useExhaustiveDependencies: one modeler per model id and language
  useEffect(() => {
    let live = true;
    let instance: any;
    setLoadError('');
    (async () => {
      const [row, bpmn] = await Promise.all([designApi.model.detail(id).catch(() => null), import('./bpmn')]);
      if (!live) return;
      if (!row) {
        setLoadError(t('workflow.designer.notFound'));
        return;
      }
      setModel(row);
      if (!host.current) return;
      instance = bpmn.createModeler(host.current, i18n.language);
      instance.on('selection.changed', (e: any) =>
        setSelected(e.newSelection?.length === 1 ? e.newSelection[0] : null),
      );
      instance.on('elements.changed', () => setTick((n) => n + 1));
      instance.on('import.done', () => setTick((n) => n + 1));
      const xml = row.xml?.trim() ? row.xml : newDiagramXml(row.modelKey || 'process', row.name || '');
      try {
        await instance.importXML(xml);
        instance.get('canvas').zoom('fit-viewport', 'auto');
      } catch (e) {
        message.error(t('workflow.designer.importFailed', { msg: (e as Error).message }));
      }
      if (live) setModeler(instance);
    })().catch((e) => live && setLoadError((e as Error).message || t('workflow.designer.loadFailed')));
    return () => {
      live = false;
      instance?.destroy();
      setModeler(null);
      setSelected(null);
    };
  }, [id, i18n.language]);

  return { host, modeler, model, setModel, loadError, selected, setSelected, tick };
}
