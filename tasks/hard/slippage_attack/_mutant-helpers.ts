// What the wrong answers of this folder's tasks share; each task's own are in <id>.mutants.ts beside it.
import { editedReference, type Edit } from '../../../test/helpers/reference-edit.ts';

const family = 'slippage_attack';

export const edit = (id: string, ...edits: Edit[]) => editedReference(family, id, edits);
