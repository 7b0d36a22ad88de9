import type { PageText } from './format.js';
import { pt } from './pt.js';

/**
 * The public form page's own words in European Portuguese (Portugal, and the countries whose
 * Portuguese follows it: CLDR's pt-PT family): pt.ts is Brazilian; these are the words that differ
 * ("guardado" for "salvo", "ficheiro" for "arquivo", "introduza" for "digite", "a enviar" for
 * "enviando", "equipa", "ronda", "ligação"). Every other text is pt.ts's.
 */
export const ptPT: PageText = {
  ...pt,
  lang: 'pt-PT',
  testBanner:
    'Teste do rascunho: as respostas enviadas aqui ficam à parte, como testes. As perguntas de ficheiro não aceitam ficheiros numa ligação de teste.',
  round: 'Ronda: {wave}',
  loading: 'A carregar o formulário…',
  queued:
    'As suas respostas estão guardadas neste dispositivo e serão enviadas quando voltar a estar online. Pode fechar esta página: serão enviadas da próxima vez que abrir este formulário.',
  next: 'Seguinte',
  sending: 'A enviar…',
  thanks: 'Obrigado: as suas respostas foram recebidas.',
  statusQueued: 'Será enviado quando estiver online',
  statusSaved: 'Guardado neste dispositivo',
  statusRestored: 'As respostas guardadas neste dispositivo foram repostas.',
  outboxWaiting: {
    one: 'Uma resposta está guardada neste dispositivo e será enviada quando estiver online.',
    other:
      '{n} respostas estão guardadas neste dispositivo e serão enviadas quando estiver online.',
  },
  geoUse: 'Usar a minha localização',
  geoNoBrowser:
    'Este navegador não consegue obter a localização: introduza a latitude e a longitude.',
  geoFinding: 'A procurar a sua localização…',
  geoDenied:
    'O acesso à localização foi negado: permita-o nas definições do navegador ou introduza a latitude e a longitude abaixo.',
  geoUnavailable:
    'A sua localização não está disponível agora: introduza a latitude e a longitude abaixo.',
  fileTakePhoto: 'Tirar ou escolher uma fotografia',
  fileChoose: 'Escolher um ficheiro',
  fileReplacePhoto: 'Substituir a fotografia',
  fileReplace: 'Substituir o ficheiro',
  fileRemovePhoto: 'Remover a fotografia',
  fileRemove: 'Remover o ficheiro',
  wholeNumber: 'Introduza um número inteiro, ex.: 12.',
  number: 'Introduza um número, ex.: 12.5.',
  numberTooLarge: 'Este número é demasiado grande.',
  atLeast: 'Introduza {min} ou mais.',
  atMost: 'Introduza {max} ou menos.',
  onStep: 'Escolha um valor em passos de {step} a partir de {min}.',
  sliderNotSet: 'Ainda sem resposta: mova o cursor.',
  text: 'Introduza um texto.',
  email: 'Introduza um e-mail como nome@exemplo.org.',
  phone: 'Introduza um número de telefone: só dígitos, espaços e + ( ) -, pelo menos 5 dígitos.',
  date: 'Introduza uma data.',
  realDate: 'Introduza uma data válida (AAAA-MM-DD).',
  time: 'Introduza uma hora (HH:MM, 24 horas).',
  dateTime: 'Introduza uma data e uma hora (AAAA-MM-DD HH:MM).',
  notBefore: 'Introduza {min} ou depois.',
  notAfter: 'Introduza {max} ou antes.',
  constraint: 'Esta resposta não é aceite.',
  geoLatitude: 'Introduza uma latitude entre -90 e 90, ex.: -1.2921.',
  geoLongitude: 'Introduza uma longitude entre -180 e 180, ex.: 36.8219.',
  geoAccuracy: 'Introduza a precisão em metros (0 ou mais) ou deixe em branco.',
  fileNoName: 'O ficheiro não tem nome: anexe-o de novo.',
  fileEmpty: 'O ficheiro está vazio: anexe-o de novo.',
  fileTooLarge: 'O ficheiro tem mais de {mb} MB: escolha um mais pequeno.',
  publicFormsOff:
    'Este formulário não aceita respostas: a equipa desativou os formulários públicos.',
  monthlyLimit:
    'Este formulário recebeu todas as respostas que a equipa aceita neste mês. Volta a abrir no dia 1.',
  uploadTarget: 'Indique a que pergunta de que versão o ficheiro responde.',
  uploadNoQuestion: 'Esta versão do formulário não tem essa pergunta de ficheiro.',
  uploadUnreadable: 'Não foi possível ler o ficheiro: anexe-o de novo.',
  fileMismatch: 'O conteúdo do ficheiro não corresponde ao seu tipo ({type}).',
  fileImageTooLarge:
    'A imagem é demasiado grande ({width} × {height} píxeis): no máximo {side} píxeis por lado e {megapixels} megapíxeis.',
  fileDamaged:
    'Não foi possível ler a imagem: o ficheiro pode estar danificado. Anexe-o de novo ou escolha outro.',
  retryOffline: 'Sem ligação: a resposta será enviada quando a rede voltar.',
  retryUpload: 'O ficheiro não foi guardado: será enviado de novo em breve.',
  linkWithdrawn: 'Esta ligação foi retirada. Peça uma nova a quem a enviou.',
  fileNotReceived: 'Este ficheiro não foi recebido: remova-o e anexe-o de novo.',
  notAWave: '“{wave}” não é uma ronda deste formulário.',
};
