/**
 * The process diagram of a detail screen: a bpmn-js NavigatedViewer (loaded on demand) with finished nodes
 * marked green and the current node blue.
 */
import { Empty, Space, Spin, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../designer/designer.css';

export function DiagramViewer({ xml, finished, current }: { xml?: string; finished: string[]; current: string[] }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const marks = `${finished.join(',')}|${current.join(',')}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the marks are keyed by their joined string
  useEffect(() => {
    if (!xml || !host.current) return;
    let live = true;
    let viewer: any;
    setLoading(true);
    setError('');
    import('../designer/bpmn')
      .then(async (bpmn) => {
        if (!live || !host.current) return;
        viewer = bpmn.createViewer(host.current);
        await viewer.importXML(xml);
        const canvas = viewer.get('canvas');
        const registry = viewer.get('elementRegistry');
        for (const id of finished) if (registry.get(id)) canvas.addMarker(id, 'wf-done');
        for (const id of current) if (registry.get(id)) canvas.addMarker(id, 'wf-current');
        canvas.zoom('fit-viewport', 'auto');
      })
      .catch((e) => live && setError((e as Error).message))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
      viewer?.destroy();
    };
  }, [xml, marks]);

  if (!xml) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <div>
      <Space style={{ marginBottom: 8 }}>
        <Tag color="success">{t('workflow.detail.finishedNode')}</Tag>
        <Tag color="processing">{t('workflow.detail.current')}</Tag>
      </Space>
      <div
        className="wf-viewer"
        ref={host}
        data-testid="wf-diagram"
        data-current={current.join(',')}
        data-finished={finished.join(',')}
      >
        {loading && <Spin style={{ position: 'absolute', top: '45%', left: '50%' }} />}
        {error && <Empty description={error} />}
      </div>
    </div>
  );
}
