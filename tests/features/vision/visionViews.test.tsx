// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { sessionConfigFor, choosePattern } from '../../../src/domain/patternChoice';
import { buildSessionRecord } from '../../../src/domain/sessionRecord';
import type { SessionVisionFigures } from '../../../src/domain/visionSummary';
import { CameraSetupPanel, VisionFigures, VisionResultsCard } from '../../../src/features/vision';
import { sessionMachine } from '../../../src/machines/session';

afterEach(cleanup);

const figures: SessionVisionFigures = {
  framesAnalysed: 120,
  averageStillness: 84,
  averageRestlessness: 16,
  faceDetectionRate: 97,
  postureScore: null,
  breathsPerMinute: 9.8,
  targetBreathsPerMinute: 10,
  phaseAccuracy: 61,
  rhythmConsistency: null,
  averageProcessingMs: 30,
};

const record = (sessionType: 'enhanced' | 'classic', vision?: SessionVisionFigures) => ({
  ...buildSessionRecord({
    id: 's1',
    breathing: {
      activeMs: 60_000,
      cycleCount: 4,
      targetCycles: 15,
      completed: false,
      interruptedCycles: 0,
    },
    config: sessionConfigFor(sessionType, choosePattern({ urlParam: 'box' })),
    startEpochMs: 1,
    endEpochMs: 60_001,
    userId: null,
    vision: null,
  }),
  ...(vision ? { vision, cameraUsed: true } : {}),
});

describe('camera figures', () => {
  it('show what was measured and say "Not measured" for the rest, never a stand-in', () => {
    render(<VisionFigures figures={figures} detailed />);
    expect(screen.getByTestId('vision-stillness').textContent).toBe('84%');
    expect(screen.getByTestId('vision-presence').textContent).toBe('97%');
    expect(screen.getByTestId('vision-posture').textContent).toBe('Not measured');
    expect(screen.getByTestId('vision-breathing').textContent).toBe('9.8 /min (target 10.0)');
    expect(screen.getByText('61%')).toBeTruthy();
    expect(screen.getAllByText('Not measured')).toHaveLength(2);
  });

  it('with nobody in view: presence 0%, posture and breathing rate not measured, each with the reason', () => {
    render(
      <VisionFigures
        figures={{ ...figures, faceDetectionRate: 0, breathsPerMinute: null, phaseAccuracy: null }}
      />,
    );
    expect(screen.getByTestId('vision-presence').textContent).toBe('0%');
    expect(screen.getByTestId('vision-posture').textContent).toBe('Not measured');
    expect(screen.getByTestId('vision-breathing').textContent).toBe('Not measured');
    expect(screen.getByText('No face was in view.')).toBeTruthy();
    expect(screen.getByText('No face was in view. It is measured below your face.')).toBeTruthy();
    cleanup();
    render(
      <VisionFigures figures={{ ...figures, faceDetectionRate: null, breathsPerMinute: null }} />,
    );
    expect(screen.getAllByText(/Face detection could not run on this device\./)).toHaveLength(3);
  });

  it('the results card: measured figures with their frame count, or plainly not measured', () => {
    const { unmount } = render(<VisionResultsCard record={record('enhanced', figures)} />);
    expect(screen.getByRole('heading', { name: 'Camera analysis' })).toBeTruthy();
    expect(screen.getByText(/from 120 frames/)).toBeTruthy();
    unmount();
    render(<VisionResultsCard record={record('enhanced')} />);
    expect(screen.getByTestId('vision-not-measured').textContent).toContain(
      'The camera was not used',
    );
    expect(screen.queryByTestId('vision-stillness')).toBeNull();
    cleanup();
    const { container } = render(<VisionResultsCard record={record('classic')} />);
    expect(container.innerHTML).toBe('');
  });
});

describe("camera mode's camera, in the pre-session step", () => {
  // Does not prove the step around it (PreSessionView) has one 'Start': the doors spec does.
  function setup() {
    const session = createActor(sessionMachine, {
      input: { config: sessionConfigFor('enhanced', choosePattern({ urlParam: 'box' })) },
    }).start();
    const sent = vi.spyOn(session, 'send');
    const onUserGesture = vi.fn();
    render(<CameraSetupPanel session={session} onUserGesture={onUserGesture} />);
    return { session, sent, onUserGesture };
  }

  it("offers 'Enable Camera' and no start of its own", () => {
    const { sent, onUserGesture } = setup();
    expect(screen.queryByRole('button', { name: /start/i })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enable Camera' }));
    expect(sent).toHaveBeenCalledWith({ type: 'ENABLE_CAMERA' });
    expect(onUserGesture).toHaveBeenCalled();
  });

  it("a failure shows its message and 'Try Again'", async () => {
    const { session, sent } = setup();
    await vi.waitFor(() => undefined);
    session.send({
      type: 'CAMERA_STATUS',
      status: 'failed',
      message: 'No camera found. Please connect a camera and try again.',
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No camera found. Please connect a camera and try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(sent).toHaveBeenCalledWith({ type: 'ENABLE_CAMERA' });
  });
});
