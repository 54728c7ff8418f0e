/**
 * The look of a row action: a small link button, as CrudPage's own view/edit/delete buttons are drawn, so that a
 * screen's extra row actions (and the buttons in its other tables) match them. Takes every antd Button prop.
 */
import { Button, type ButtonProps } from 'antd';

export function RowButton(props: Omit<ButtonProps, 'type' | 'size'>) {
  return <Button type="link" size="small" {...props} />;
}
