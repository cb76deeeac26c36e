import { describe, expect, it } from 'vitest';
import type { GeneratedImageView, GenerationStatus } from '../../core/api';
import { type PictureState, requestState } from './generation';

const status = (id: string, state: GenerationStatus['status'], cost = 0): GenerationStatus => ({
  id,
  status: state,
  attempts: 1,
  cost,
});
const image = { id: 'img-b' } as GeneratedImageView;
const working = (id: string): PictureState => ({ stage: 'working', status: status(id, 'running') });

describe('requestState', () => {
  it('is working while any picture is, then succeeded with the first picture made', () => {
    const made: PictureState = { stage: 'succeeded', status: status('b', 'succeeded'), image };
    const failed: PictureState = { stage: 'failed', message: 'No art for that', refunded: true };
    expect(requestState([failed, made, working('c')])).toMatchObject({
      stage: 'working',
      status: { id: 'c' },
    });
    expect(requestState([failed, made])).toMatchObject({ stage: 'succeeded', image: { id: 'img-b' } });
  });

  it('fails only when no picture was made, saying the first reason and whether credits came back', () => {
    const pictures: PictureState[] = [
      { stage: 'failed', message: 'No art for that' },
      { stage: 'failed', message: 'Busy', refunded: true },
    ];
    expect(requestState(pictures)).toEqual({
      stage: 'failed',
      message: 'No art for that',
      refunded: true,
      pictures,
    });
  });
});
