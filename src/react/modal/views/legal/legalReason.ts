/**
 * The id of the sentence saying why the ways to connect are disabled: `LegalCheckbox` renders it and the
 * Connect view's fieldset refers to it (a module of its own, so the view does not import the checkbox's chunk).
 */
export const LEGAL_REASON_ID = "legal-consent-reason"
