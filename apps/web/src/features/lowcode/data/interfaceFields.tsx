/**
 * The fields of the data interface dialog, by section: name, code, category and type; the SQL query's connection,
 * limits, text and parameters; the static data (a JSON array or object); state, order and description. Each
 * section is a run of grid columns inside the dialog's form.
 */
import { Col, Form, Input, InputNumber, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { parseStatic, SQL, STATIC } from './interfaces';
import { ParamsEditor } from './ParamsEditor';
import { SourceSelect } from './SourceSelect';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

export function HeadFields() {
  const { t } = useTranslation();
  return (
    <>
      <Col span={12}>
        <Form.Item
          name="fullName"
          label={t('lowcode.di.fullName')}
          rules={[{ required: true, whitespace: true, message: t('lowcode.di.fullNameRequired') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="enCode"
          label={t('lowcode.di.enCode')}
          rules={[
            { required: true, whitespace: true, message: t('lowcode.di.enCodeRequired') },
            { pattern: /^\s*[A-Za-z][A-Za-z0-9_]*\s*$/, message: t('lowcode.di.enCodeRule') },
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="category" label={t('lowcode.di.category')}>
          <Input maxLength={64} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="dataType" label={t('lowcode.di.dataType')} rules={[{ required: true }]}>
          <Radio.Group
            options={[
              { value: SQL, label: t('lowcode.di.sql') },
              { value: STATIC, label: t('lowcode.di.static') },
            ]}
          />
        </Form.Item>
      </Col>
    </>
  );
}

export function SqlFields({ sources, sql }: { sources: Row[]; sql: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Col span={12}>
        <Form.Item
          name="dbLinkId"
          label={t('lowcode.di.dbLink')}
          rules={[{ required: true, message: t('lowcode.di.dbLinkRequired') }]}
        >
          <SourceSelect sources={sources} />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name="rowLimit" label={t('lowcode.di.rowLimit')} tooltip={t('lowcode.di.limitsTip')}>
          <InputNumber min={1} max={10_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name="timeoutMs" label={t('lowcode.di.timeout')}>
          <InputNumber min={100} max={60_000} step={500} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          name="query"
          label={t('lowcode.di.query')}
          extra={t('lowcode.di.queryHint')}
          rules={[{ required: true, whitespace: true, message: t('lowcode.di.queryRequired') }]}
        >
          <Input.TextArea rows={8} style={mono} spellCheck={false} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="parameterJson" label={t('lowcode.di.params')}>
          <ParamsEditor sql={sql} />
        </Form.Item>
      </Col>
    </>
  );
}

export function StaticField() {
  const { t } = useTranslation();
  return (
    <Col span={24}>
      <Form.Item
        name="staticData"
        label={t('lowcode.di.staticData')}
        extra={t('lowcode.di.staticHint')}
        rules={[
          { required: true, whitespace: true, message: t('lowcode.di.staticRequired') },
          {
            validator: async (_r, v) => {
              if (!v?.trim()) return;
              try {
                JSON.parse(v);
              } catch {
                throw new Error(t('lowcode.di.staticInvalid'));
              }
              if (parseStatic(v) === undefined) throw new Error(t('lowcode.di.staticShape'));
            },
          },
        ]}
      >
        <Input.TextArea rows={10} style={mono} spellCheck={false} />
      </Form.Item>
    </Col>
  );
}

export function TailFields() {
  const { t } = useTranslation();
  return (
    <>
      <Col span={12}>
        <Form.Item name="enabledMark" label={t('lowcode.di.state')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="sortCode" label={t('lowcode.di.sortCode')}>
          <InputNumber min={0} max={999_999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="description" label={t('lowcode.di.description')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Col>
    </>
  );
}
