import { expect, test } from '@playwright/test';
import { blockingViolations, expectNoSidewaysScroll } from './support/axe';
import { buy, signUp } from './support/members';

// Issue 33, expert prompts: a Premium member directs the picture on /create (composition,
// outline, colours, background, viewpoint), and history lists what was chosen. Below Premium the
// controls are visible, disabled, with one line naming the plan that opens them.

for (const width of [1280, 360]) {
  test(`a Premium member directs the art and history lists the controls (${width} px)`, async ({
    page,
    baseURL,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    await signUp(page.request, baseURL!, `direct${width}`);
    await buy(page.request, baseURL!, 'plan', 'premium');

    await page.goto('/create');
    await page.getByLabel('Describe your clipart').fill('a happy cactus');
    const controls = page.getByTestId('art-direction');
    await expect(controls.getByRole('group', { name: 'Outline' })).toBeVisible({ timeout: 20_000 });
    const pick = async (group: string, value: string) => {
      const groupBox = controls.getByRole('group', { name: group });
      const radio = groupBox.getByRole('radio', { name: value, exact: true });
      await expect(radio).toBeEnabled();
      // The radio is visually hidden inside its chip: the chip's text is what one clicks.
      await groupBox.getByText(value, { exact: true }).click();
      await expect(radio).toBeChecked();
    };
    // Every group starts on Auto (today's picture).
    await expect(
      controls.getByRole('group', { name: 'Viewpoint' }).getByRole('radio', { name: 'Auto' }),
    ).toBeChecked();
    await pick('Composition', 'Small scene');
    await pick('Outline', 'Bold');
    await pick('Colour count', 'Few');
    await pick('Viewpoint', 'Three-quarter');
    // Keyboard: arrow keys move within a group.
    await controls.getByRole('group', { name: 'Background' }).getByRole('radio', { name: 'Auto' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(
      controls.getByRole('group', { name: 'Background' }).getByRole('radio', { name: 'Transparent' }),
    ).toBeChecked();
    expect(await blockingViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);

    const created = page.waitForResponse(
      (res) => res.url().endsWith('/api/generations') && res.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const sent = (await created).request().postDataJSON();
    expect(sent.artDirection).toEqual({
      composition: 'scene',
      outline: 'bold',
      colours: 'few',
      background: 'transparent',
      viewpoint: 'three-quarter',
    });
    await expect(page.getByTestId('generated-image')).toBeVisible({ timeout: 45_000 });

    await page.goto('/history');
    await page.getByRole('button', { name: /a happy cactus/ }).click();
    const details = page.getByTestId('image-preview-dialog').getByTestId('art-direction-details');
    await expect(details).toContainText('Composition:Small scene');
    await expect(details).toContainText('Outline:Bold');
    await expect(details).toContainText('Colour count:Few');
    await expect(details).toContainText('Background:Transparent');
    await expect(details).toContainText('Viewpoint:Three-quarter');
    expect(await blockingViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
  });

  test(`below Premium the controls are disabled with the line naming the plan (${width} px)`, async ({
    page,
    baseURL,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    await signUp(page.request, baseURL!, `direct-basic${width}`);
    await buy(page.request, baseURL!, 'plan', 'basic');
    await page.goto('/create');
    const controls = page.getByTestId('art-direction');
    await expect(controls).toBeVisible({ timeout: 20_000 });
    const radios = controls.getByRole('radio');
    expect(await radios.count()).toBe(17);
    for (const radio of await radios.all()) await expect(radio).toBeDisabled();
    await expect(controls.getByTestId('art-direction-note')).toHaveText(
      'Art direction controls open with the Premium plan.',
    );
    await expect(controls.getByRole('link', { name: 'Premium plan' })).toHaveAttribute('href', /\/pricing/);
    expect(await blockingViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
  });
}
