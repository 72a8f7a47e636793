import type { RegistryWidgetsType } from '@rjsf/utils';
import { TextWidget } from './TextWidget.tsx';
import { TextareaWidget } from './TextareaWidget.tsx';
import { EmailWidget } from './EmailWidget.tsx';
import { NumberWidget } from './NumberWidget.tsx';
import { MoneyWidget } from './MoneyWidget.tsx';
import { PhoneWidget } from './PhoneWidget.tsx';
import { PostcodeWidget } from './PostcodeWidget.tsx';
import { RadioWidget } from './RadioWidget.tsx';
import { SelectWidget } from './SelectWidget.tsx';
import { MultiSelectWidget } from './MultiSelectWidget.tsx';
import { CheckboxesWidget } from './CheckboxesWidget.tsx';
import { CheckboxWidget } from './CheckboxWidget.tsx';
import { DateWidget } from './DateWidget.tsx';
import { PasswordWidget } from './PasswordWidget.tsx';
import { OneTimeCodeWidget } from './OneTimeCodeWidget.tsx';

/**
 * Widgets by the names definitions use in `ui:widget` (definitions/README.md), plus rjsf's own names
 * for the same roles so fields that name no widget get ours too. A plain map: a caller can spread its
 * own widgets over it ({ ...WIDGETS, mine }) and rjsf's getWidget names a missing one in its error.
 */
export const WIDGETS: RegistryWidgetsType = {
  text: TextWidget,
  textarea: TextareaWidget,
  email: EmailWidget,
  number: NumberWidget,
  money: MoneyWidget,
  phone: PhoneWidget,
  postcode: PostcodeWidget,
  radio: RadioWidget,
  select: SelectWidget,
  multiSelect: MultiSelectWidget,
  checkboxes: CheckboxesWidget,
  checkbox: CheckboxWidget,
  date: DateWidget,
  password: PasswordWidget,
  oneTimeCode: OneTimeCodeWidget,
  TextWidget,
  TextareaWidget,
  EmailWidget,
  UpDownWidget: NumberWidget,
  RadioWidget,
  SelectWidget,
  CheckboxesWidget,
  CheckboxWidget,
  DateWidget,
  PasswordWidget,
};
