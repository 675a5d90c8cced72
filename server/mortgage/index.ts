export { allPrograms, createProgram, deleteProgram, updateProgram, visiblePrograms } from './repository';
export { EXAMPLE_PROGRAMS, seedExamplePrograms } from './examples';
export { withMortgagePayments } from './buildings';
