/**
 * 流程设计 (/workflow/design/process/{id}): the bpmn-js Modeler (loaded on demand, the bpmn.io watermark kept)
 * for the model with that id, our properties panel, import and export of BPMN XML (and SVG), validation with
 * clear messages, save (`design/model/submit`, the process key and name become the model's) and save-and-deploy
 * (`design/model/deploy`), which refuses a process with errors.
 */
import { App, Empty, Spin } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { designApi } from '../../../api/workflow';
import { DesignerToolbar } from './DesignerToolbar';
import { IssuesAlert } from './IssuesAlert';
import { PropertiesPanel } from './PropertiesPanel';
import { useModeler } from './useModeler';
import { hasErrors, type Issue, validateDefinitions } from './validate';
import './designer.css';

export default function DesignerPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { host, modeler, model, setModel, loadError, selected, setSelected, tick } = useModeler(id);
  const [issues, setIssues] = useState<Issue[] | null>(null);
  const [busy, setBusy] = useState(false);

  const check = useCallback((): Issue[] => {
    const root = modeler.getDefinitions();
    const found = validateDefinitions(root);
    setIssues(found);
    return found;
  }, [modeler]);

  const importFile = async (file: File) => {
    const text = await file.text();
    try {
      const { warnings } = await modeler.importXML(text);
      modeler.get('canvas').zoom('fit-viewport', 'auto');
      setSelected(null);
      setIssues(null);
      if (warnings?.length) message.warning(t('workflow.designer.importWarnings', { n: warnings.length }));
    } catch (e) {
      message.error(t('workflow.designer.importFailed', { msg: (e as Error).message }));
    }
  };

  const processOf = () => modeler.getDefinitions().rootElements.find((r: any) => r.$type === 'bpmn:Process');

  const save = async (deploy: boolean) => {
    if (!model) return;
    const found = check();
    if (deploy && hasErrors(found)) return;
    const { xml } = await modeler.saveXML({ format: true });
    const proc = processOf();
    setBusy(true);
    try {
      await designApi.model.submit({
        id: model.id,
        categoryId: model.categoryId,
        description: model.description,
        icon: model.icon,
        modelKey: proc?.id ?? model.modelKey,
        name: proc?.name ?? model.name,
        xml,
      });
      if (deploy) {
        await designApi.model.deploy({ modelId: model.id, categoryId: model.categoryId });
        message.success(t('workflow.designer.deployed'));
      } else message.success(t('workflow.designer.saved'));
      const fresh = await designApi.model.detail(model.id).catch(() => null);
      if (fresh) setModel(fresh);
    } finally {
      setBusy(false);
    }
  };

  const selectIssue = (issue: Issue) => {
    if (!issue.elementId || !modeler) return;
    const el = modeler.get('elementRegistry').get(issue.elementId);
    if (el) modeler.get('selection').select(el);
  };

  if (loadError) return <Empty description={loadError} data-testid="wf-designer-error" />;

  const ready = !!modeler;
  return (
    <div className="wf-designer" data-testid="wf-designer">
      <div className="wf-designer-toolbar">
        <DesignerToolbar
          modeler={modeler}
          model={model}
          busy={busy}
          importFile={importFile}
          processOf={processOf}
          check={check}
          save={save}
        />
      </div>
      {issues && issues.length > 0 && (
        <IssuesAlert issues={issues} onClose={() => setIssues(null)} selectIssue={selectIssue} />
      )}
      <div className="wf-designer-body">
        <div className="wf-designer-canvas" ref={host} data-testid="wf-canvas">
          {!ready && <Spin className="wf-designer-spin" />}
        </div>
        <div className="wf-designer-panel">
          {ready && <PropertiesPanel modeler={modeler} element={selected} tick={tick} />}
        </div>
      </div>
    </div>
  );
}
