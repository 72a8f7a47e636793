/** What the forms library answers besides its forms' own messages (definitions/forms/library-form.json, form-type.json). */
export const LIBRARY_FORM_TEXTS = {
  formNotFound: 'Form not found.',
  formTypeNotFound: 'Form type not found.',
  numberTaken: 'A form with this form number already exists.',
  typeNameTaken: 'A form type with this name already exists.',
  typeInUse: (forms: number) => `This form type is used by ${forms} ${forms === 1 ? 'form' : 'forms'}: change their type first.`,
  unknownProduct: (code: string) => `${code} is not a product of this edition.`,
  documentType: 'Only PDF and Word documents can be attached to a form.',
  noDocument: 'No document is attached to this form.',
  formSaved: 'Form saved successfully.',
  formDeleted: 'Form deleted successfully.',
  typeSaved: 'Form type saved successfully.',
  typeDeleted: 'Form type deleted successfully.',
  documentAttached: 'Document attached successfully.',
} as const;
