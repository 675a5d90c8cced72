export { allPrograms, createProgram, deleteProgram, updateProgram, visiblePrograms } from './store';
export { EXAMPLE_PROGRAMS, seedExamplePrograms } from './examples';
export { withMortgagePayments } from './buildings';
