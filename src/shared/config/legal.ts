// The legal documents' paths are served by the server, so they live in the contract.
export { companyLine, LEGAL_DOCS, LEGAL_DOC_LIST, NO_OPERATOR_TEXT } from '@kvarta/contract/legal';
