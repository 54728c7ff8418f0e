/**
 * 流程设计 (/workflow/design/process/{id}): the bpmn-js Modeler (loaded on demand, the bpmn.io watermark kept)
 * for the model with that id, our properties panel, import and export of BPMN XML (and SVG), validation with
 * clear messages, save (`design/model/submit`, the process key and name become the model's) and save-and-deploy
 * (`design/model/deploy`), which refuses a process with errors.
 */
import {
  CheckCircleOutlined,
  CloudUploadOutlined,
  DownloadOutlined,
  ExpandOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Alert, App, Button, Empty, List, Space, Spin, Tag, Tooltip } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { designApi, type WfModel } from '../../../api/workflow';
import { newDiagramXml } from './modules';
import { PropertiesPanel } from './PropertiesPanel';
import { hasErrors, type Issue, validateDefinitions } from './validate';
import './designer.css';

function download(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export default function DesignerPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const host = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [modeler, setModeler] = useState<any>(null);
  const [model, setModel] = useState<WfModel | null>(null);
  const [loadError, setLoadError] = useState('');
  const [selected, setSelected] = useState<any>(null);
  const [tick, setTick] = useState(0);
  const [issues, setIssues] = useState<Issue[] | null>(null);
  const [busy, setBusy] = useState(false);

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
        <Space wrap>
          <Button icon={<UploadOutlined />} disabled={!ready} onClick={() => fileInput.current?.click()}>
            {t('workflow.designer.import')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".bpmn,.xml,.bpmn20.xml"
            hidden
            data-testid="wf-import-file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void importFile(f);
            }}
          />
          <Button
            icon={<DownloadOutlined />}
            disabled={!ready}
            onClick={async () => {
              const { xml } = await modeler.saveXML({ format: true });
              download(`${processOf()?.id ?? 'process'}.bpmn20.xml`, xml, 'application/xml');
            }}
          >
            {t('workflow.designer.exportXml')}
          </Button>
          <Button
            disabled={!ready}
            onClick={async () => {
              const { svg } = await modeler.saveSVG();
              download(`${processOf()?.id ?? 'process'}.svg`, svg, 'image/svg+xml');
            }}
          >
            {t('workflow.designer.exportSvg')}
          </Button>
          <Tooltip title={t('workflow.designer.undo')}>
            <Button icon={<UndoOutlined />} disabled={!ready} onClick={() => modeler.get('commandStack').undo()} />
          </Tooltip>
          <Tooltip title={t('workflow.designer.redo')}>
            <Button icon={<RedoOutlined />} disabled={!ready} onClick={() => modeler.get('commandStack').redo()} />
          </Tooltip>
          <Tooltip title={t('workflow.designer.fit')}>
            <Button
              icon={<ExpandOutlined />}
              disabled={!ready}
              onClick={() => modeler.get('canvas').zoom('fit-viewport', 'auto')}
            />
          </Tooltip>
          <Button
            icon={<CheckCircleOutlined />}
            disabled={!ready}
            data-testid="wf-validate"
            onClick={() => {
              if (!check().length) message.success(t('workflow.designer.valid'));
            }}
          >
            {t('workflow.designer.validate')}
          </Button>
          <Button
            icon={<SaveOutlined />}
            disabled={!ready}
            loading={busy}
            onClick={() => save(false)}
            data-testid="wf-save"
          >
            {t('workflow.designer.save')}
          </Button>
          <Button
            type="primary"
            icon={<CloudUploadOutlined />}
            disabled={!ready}
            loading={busy}
            data-testid="wf-deploy"
            onClick={() => modal.confirm({ title: t('workflow.designer.deployConfirm'), onOk: () => save(true) })}
          >
            {t('workflow.designer.deploy')}
          </Button>
          {model && (
            <Tag>
              {model.name} · {model.modelKey}
              {model.version ? ` · v${model.version}` : ''}
            </Tag>
          )}
        </Space>
      </div>
      {issues && issues.length > 0 && (
        <Alert
          className="wf-designer-issues"
          type={hasErrors(issues) ? 'error' : 'warning'}
          showIcon
          closable
          onClose={() => setIssues(null)}
          message={t('workflow.designer.issuesTitle')}
          description={
            <List
              size="small"
              data-testid="wf-issues"
              dataSource={issues}
              renderItem={(i) => (
                <List.Item style={{ cursor: i.elementId ? 'pointer' : undefined }} onClick={() => selectIssue(i)}>
                  <Tag color={i.level === 'error' ? 'error' : 'warning'}>{t(`workflow.validate.${i.level}`)}</Tag>
                  {t(`workflow.validate.${i.code}`, i.params)}
                </List.Item>
              )}
            />
          }
        />
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
