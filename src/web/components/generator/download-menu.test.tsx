// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DownloadMenu } from '../download-menu';

const image = { id: 'img_1', createdAt: '2025-01-05T10:00:00.000Z' };

afterEach(cleanup);

describe('DownloadMenu', () => {
  it("one click: a 1024 px PNG link; the file name is the server's", () => {
    render(<DownloadMenu image={image} />);
    const quick = screen.getByRole('link', { name: 'Download PNG 1024' });
    expect(quick.getAttribute('href')).toBe('/images/img_1/download?format=png&size=1024&variant=original');
    // The server's Content-Disposition names the file (the prompt's first words and the variant).
    expect(quick.getAttribute('download')).toBe('');
  });

  it('the menu offers only backgrounds that differ: transparent (the picture as stored) and sticker', () => {
    render(<DownloadMenu image={image} />);
    fireEvent.click(screen.getByRole('button', { name: 'More download options' }));
    const backgrounds = screen.getByRole('group', { name: 'Background' });
    expect(Array.from(backgrounds.querySelectorAll('label')).map((l) => l.textContent)).toEqual([
      'Transparent',
      'Sticker (die-cut)',
    ]);
    expect(screen.queryByRole('radio', { name: 'Original' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Transparent background' })).toBeNull();
    // Every size the server makes, 128 px up, each with its pixel size.
    expect(screen.getByRole('radio', { name: '128 px (emoji)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '128 px (emoji)' }));
    expect(screen.getByText('PNG · 128 × 128 px · Transparent')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download PNG' }).getAttribute('href')).toBe(
      '/images/img_1/download?format=png&size=128&variant=original',
    );
  });

  it('the menu: JPEG disables the sticker, says why, and names its background white; SVG is traced without a vector', () => {
    render(<DownloadMenu image={image} tier="basic" />);
    fireEvent.click(screen.getByRole('button', { name: 'More download options' }));
    expect(screen.getByText('SVG (traced)')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Sticker (die-cut)' }));
    fireEvent.click(screen.getByRole('radio', { name: 'JPEG' }));
    expect((screen.getByRole('radio', { name: 'Sticker (die-cut)' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('radio', { name: 'White' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/JPEG has no transparency: choose PNG or WebP/)).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: '2048 px (upscaled)' }));
    expect(screen.getByText('JPEG · 2048 × 2048 px (upscaled) · White')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download JPEG' });
    expect(link.getAttribute('href')).toBe('/images/img_1/download?format=jpg&size=2048&variant=original');
    expect(link.getAttribute('download')).toBe('');
  });

  it('on Free (and for a visitor) shows 2048 px disabled with the plan that opens it; Basic may choose it', () => {
    const { rerender } = render(<DownloadMenu image={image} />);
    fireEvent.click(screen.getByRole('button', { name: 'More download options' }));
    const full = () => screen.getByRole('radio', { name: '2048 px (upscaled)' }) as HTMLInputElement;
    expect(full().disabled).toBe(true);
    expect((screen.getByRole('radio', { name: '1024 px' }) as HTMLInputElement).disabled).toBe(false);
    expect(
      screen.getByText('Free downloads up to 1024 px: 2048 px needs the Basic plan or above.'),
    ).toBeTruthy();

    rerender(<DownloadMenu image={image} tier="basic" />);
    expect(full().disabled).toBe(false);
    expect(screen.queryByText(/needs the Basic plan/)).toBeNull();
    fireEvent.click(full());
    expect(screen.getByRole('link', { name: 'Download PNG' }).getAttribute('href')).toBe(
      '/images/img_1/download?format=png&size=2048&variant=original',
    );
  });

  it('an image with its own vector offers a plain SVG at any size', () => {
    render(<DownloadMenu image={{ ...image, hasVector: true }} />);
    fireEvent.click(screen.getByRole('button', { name: 'More download options' }));
    fireEvent.click(screen.getByRole('radio', { name: 'SVG' }));
    expect((screen.getByRole('radio', { name: '512 px' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('SVG is a vector: it scales to any size.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download SVG' }).getAttribute('href')).toMatch(/format=svg/);
  });

  it('a picture that kept its background: offered as it is, never called transparent', () => {
    render(<DownloadMenu image={{ ...image, transparentBackground: false }} />);
    fireEvent.click(screen.getByRole('button', { name: 'More download options' }));
    const backgrounds = screen.getByRole('group', { name: 'Background' });
    expect(Array.from(backgrounds.querySelectorAll('label')).map((l) => l.textContent)).toEqual([
      'Its own background',
    ]);
    expect(
      screen.getByText('This picture keeps the background it was made with: it could not be cut out.'),
    ).toBeTruthy();
    for (const format of ['PNG', 'WebP', 'JPEG']) {
      fireEvent.click(screen.getByRole('radio', { name: format }));
      expect(screen.queryByText(/Transparent|White|flattened on white/)).toBeNull();
    }
  });
});
