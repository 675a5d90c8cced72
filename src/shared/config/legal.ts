// The legal documents' paths are served by the server, so they live in the contract.
export { LEGAL_DOCS, LEGAL_DOC_LIST } from '@kvarta/contract/legal';
