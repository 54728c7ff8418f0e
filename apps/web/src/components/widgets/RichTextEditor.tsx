/**
 * A small rich-text editor (contentEditable + execCommand): bold, italic, underline, strike, heading, lists,
 * links, clear formatting, undo/redo. The value is HTML; the server sanitises what it stores.
 */
import {
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isURL } from '../../lib/validators';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  disabled?: boolean;
  height?: number;
  id?: string;
  placeholder?: string;
}

/** Empty editor content (`<br>`, `<p><br></p>`) counts as ''. */
export function normaliseHtml(html: string): string {
  const text = html
    .replace(/<br\s*\/?>/gi, '')
    .replace(/<\/?(p|div)>/gi, '')
    .replace(/&nbsp;/g, '')
    .trim();
  return text === '' ? '' : html;
}

export function RichTextEditor({ value, onChange, disabled, height = 260, id, placeholder }: RichTextEditorProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // write the value into the editable only when it differs (keeps the caret while typing)
  useEffect(() => {
    const el = ref.current;
    if (el && (value ?? '') !== el.innerHTML) el.innerHTML = value ?? '';
  }, [value]);
  const emit = () => onChange?.(normaliseHtml(ref.current?.innerHTML ?? ''));
  const exec = (cmd: string, arg?: string) => {
    if (disabled) return;
    ref.current?.focus();
    document.execCommand(cmd, false, arg);
    emit();
  };
  const tool = (key: string, icon: ReactNode, run: () => void) => (
    <Tooltip title={t(`widget.rich.${key}`)} key={key}>
      <Button
        size="small"
        type="text"
        icon={icon}
        aria-label={t(`widget.rich.${key}`)}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );
  return (
    <div className="rich-text" style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Space size={2} wrap style={{ padding: 4, borderBottom: '1px solid #f0f0f0' }}>
        {tool('bold', <BoldOutlined />, () => exec('bold'))}
        {tool('italic', <ItalicOutlined />, () => exec('italic'))}
        {tool('underline', <UnderlineOutlined />, () => exec('underline'))}
        {tool('strike', <StrikethroughOutlined />, () => exec('strikeThrough'))}
        {tool('h', <span style={{ fontWeight: 600 }}>H</span>, () => exec('formatBlock', '<h3>'))}
        {tool('ol', <OrderedListOutlined />, () => exec('insertOrderedList'))}
        {tool('ul', <UnorderedListOutlined />, () => exec('insertUnorderedList'))}
        {tool('link', <LinkOutlined />, () => {
          const url = window.prompt(t('widget.rich.linkPrompt'), 'https://');
          if (url && isURL(url)) exec('createLink', url);
        })}
        {tool('clear', <ClearOutlined />, () => exec('removeFormat'))}
        {tool('undo', <UndoOutlined />, () => exec('undo'))}
        {tool('redo', <RedoOutlined />, () => exec('redo'))}
      </Space>
      {/* biome-ignore lint/a11y/useSemanticElements: a rich-text area is a contentEditable element, not a textarea */}
      <div
        id={id}
        ref={ref}
        tabIndex={disabled ? -1 : 0}
        role="textbox"
        aria-multiline="true"
        data-placeholder={placeholder}
        contentEditable={!disabled}
        suppressContentEditableWarning
        onInput={emit}
        onBlur={emit}
        style={{ minHeight: height, maxHeight: height * 2, overflow: 'auto', padding: '8px 11px', outline: 'none' }}
      />
    </div>
  );
}
