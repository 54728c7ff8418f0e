/** The designer's toolbar: import and export (BPMN XML, SVG), undo, redo, fit, validate, save and deploy. */
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
import { App, Button, Space, Tag, Tooltip } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { WfModel } from '../../../api/workflow';
import type { Issue } from './validate';

function download(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Undo, redo and fit to the viewport. */
function ViewButtons({ modeler }: { modeler: any }) {
  const { t } = useTranslation();
  const ready = !!modeler;
  return (
    <>
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
    </>
  );
}

export function DesignerToolbar({
  modeler,
  model,
  busy,
  importFile,
  processOf,
  check,
  save,
}: {
  modeler: any;
  model: WfModel | null;
  busy: boolean;
  importFile(file: File): Promise<void>;
  processOf(): any;
  check(): Issue[];
  save(deploy: boolean): Promise<void>;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const fileInput = useRef<HTMLInputElement>(null);
  const ready = !!modeler;
  return (
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
      <ViewButtons modeler={modeler} />
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
  );
}
