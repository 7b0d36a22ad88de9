import { createContext, useContext } from 'react';
import type { Answer } from '@shared/expressions';

type Fill = (text: string, answers: Readonly<Record<string, Answer>>) => string;

/** Fills `${key}` in a label or hint with the answers (form-app provides it: label-text.ts). */
export const FillTextContext = createContext<Fill>((text) => text);
export const useFillText = () => useContext(FillTextContext);
