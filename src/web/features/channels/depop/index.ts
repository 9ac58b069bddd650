import type { WebChannel } from '../web-channel';
import { DepopChannelSection } from './depop-channel-section';
import { DepopItemSection } from './depop-item-section';
import { depopSizeQuestion } from '@shared/contracts/depop-sizes';
import { saveDepopSize } from './save-depop-size';
import { SimulatedDepopNote } from './simulated-depop-note';
import { simulatedDepopSale } from './simulated-depop-sale';

/** Depop on the web: its shop on the Marketplaces screen, its listing under the item, its simulated sale. */
export const depopWebChannel: WebChannel = {
  name: 'depop',
  label: 'Depop',
  MarketplacesSection: DepopChannelSection,
  ItemSection: DepopItemSection,
  SimulatedPickerNote: SimulatedDepopNote,
  reviewAnswers: [{ question: depopSizeQuestion.name, save: saveDepopSize }],
  simulatedSale: simulatedDepopSale,
};
