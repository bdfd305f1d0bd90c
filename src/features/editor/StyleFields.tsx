import type { TFn } from '../../i18n/react.ts';
import { ALIGN, JUSTIFY, LEGEND_SIDES } from '../articles/content-fields.ts';
import { CheckboxField, ColorField, NumberField, SelectField } from './fields.tsx';

type TextStyle = { fontSize: number; bold: boolean; italic: boolean; color: string };

type TextStyleProps = {
  t: TFn;
  value: TextStyle;
  onChange: (patch: Partial<TextStyle>) => void;
};

/** Font size, bold, italic and colour: shared by text, link, legend item and accordion title. */
export function TextStyleFields({ t, value, onChange }: TextStyleProps) {
  return (
    <>
      <NumberField
        t={t}
        label={t('editor.field.fontSize')}
        value={value.fontSize}
        onChange={(fontSize) => onChange({ fontSize })}
      />
      <ColorField
        label={t('editor.field.color')}
        value={value.color}
        onChange={(color) => onChange({ color })}
      />
      <div className="editor-checks">
        <CheckboxField
          label={t('editor.field.bold')}
          checked={value.bold}
          onChange={(bold) => onChange({ bold })}
        />
        <CheckboxField
          label={t('editor.field.italic')}
          checked={value.italic}
          onChange={(italic) => onChange({ italic })}
        />
      </div>
    </>
  );
}

type Justify = (typeof JUSTIFY)[number];
type Align = (typeof ALIGN)[number];
type Side = (typeof LEGEND_SIDES)[number];

/** Width in percent of the screen (image, video and link; text and titles too). */
export function SizeField({
  t,
  value,
  onChange,
}: {
  t: TFn;
  value: number;
  onChange: (size: number) => void;
}) {
  return <NumberField t={t} label={t('editor.field.size')} value={value} onChange={onChange} />;
}

/** Where the element sits: left, centre or right (flex-start, center, flex-end). */
export function JustifyField({
  t,
  value,
  onChange,
}: {
  t: TFn;
  value: Justify;
  onChange: (justify: Justify) => void;
}) {
  return (
    <SelectField
      label={t('editor.field.justify')}
      value={value}
      options={JUSTIFY.map((option) => ({ value: option, label: t(`editor.justify.${option}`) }))}
      onChange={onChange}
    />
  );
}

/** How text lines are aligned. */
export function AlignField({
  t,
  value,
  onChange,
}: {
  t: TFn;
  value: Align;
  onChange: (align: Align) => void;
}) {
  return (
    <SelectField
      label={t('editor.field.align')}
      value={value}
      options={ALIGN.map((option) => ({ value: option, label: t(`editor.align.${option}`) }))}
      onChange={onChange}
    />
  );
}

/** The side of a legend item's image (left or right only). */
export function SideField({
  t,
  value,
  onChange,
}: {
  t: TFn;
  value: Side;
  onChange: (side: Side) => void;
}) {
  return (
    <SelectField
      label={t('editor.field.side')}
      value={value}
      options={LEGEND_SIDES.map((option) => ({ value: option, label: t(`editor.side.${option}`) }))}
      onChange={onChange}
    />
  );
}
